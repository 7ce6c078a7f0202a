/** heic-decode ships no types: it decodes the primary image of a HEIC/HEIF file to RGBA pixels (libheif in wasm). */
declare module 'heic-decode' {
  interface DecodedHeic {
    width: number;
    height: number;
    data: Uint8ClampedArray;
  }
  function decode(input: { buffer: Buffer | ArrayBufferLike | Uint8Array }): Promise<DecodedHeic>;
  export default decode;
}
