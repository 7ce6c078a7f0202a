/** A private page's title; private screens are kept out of search engines. */
export function PageMeta({ title }: { title: string }) {
  return (
    <>
      <title>{`${title} · Kuda`}</title>
      <meta name="robots" content="noindex" />
    </>
  );
}
