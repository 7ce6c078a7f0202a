/**
 * One character above U+00FF anywhere in a script makes V8 hold the whole source as UTF-16, twice its
 * size, for the life of the process (8.7 MB of heap for the server bundle, 2 MB for the server-rendering
 * build's 1 MB). Bundlers escape such characters in strings and names but leave them in regular
 * expressions (the Serbian alphabets of src/shared), comments and texts; \uXXXX means the same in each of
 * those. An identity escape before one (\’ in a regular expression) already means the character, so its
 * backslash goes. On the few lines that hold one, a source map's later columns shift by a few characters.
 */
export function latin1Source(source) {
  return source.replace(/(\\*)([\u0100-\uffff])/g, (_, slashes, char) => `${slashes.slice(slashes.length % 2)}\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
