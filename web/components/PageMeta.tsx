interface PageMetaProps {
  title: string;
  description: string;
}

/** React 19 hoists these into <head>, on the client and when pre-rendering. */
export function PageMeta({ title, description }: PageMetaProps) {
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
    </>
  );
}
