import type { ReactNode } from 'react';

interface TitledSectionProps {
  /** The heading's id, which names the section for assistive technology. */
  id: string;
  title: ReactNode;
  className?: string;
  headingClassName?: string;
  children: ReactNode;
}

/** A section of a page named by its own heading: one markup for every page's sections. */
export function TitledSection({ id, title, className, headingClassName = 'font-serif text-2xl text-stone-50', children }: TitledSectionProps) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className={headingClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}
