import type { LegalDocument } from '../data/legal-document';

/** Renders a legal page: title, last-updated date, a linked table of contents and numbered sections. */
export function LegalDocumentView({ document }: { document: LegalDocument }) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{document.title}</h1>
        <p className="mt-2 text-sm font-medium text-muted-foreground">Last updated: {document.lastUpdated}</p>
        <p className="mt-4 text-lg">{document.intro}</p>
      </header>

      <div className="mt-8 grid gap-8 lg:grid-cols-[16rem_1fr] lg:gap-12">
        <nav aria-labelledby="toc-heading" className="self-start rounded-lg border border-border bg-card p-5 lg:sticky lg:top-24">
          <h2 id="toc-heading" className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">
            Contents
          </h2>
          <ol className="mt-3 space-y-2 text-sm">
            {document.sections.map((s, i) => (
              <li key={s.id}>
                <a href={`#${s.id}`} className="flex gap-2 text-primary underline-offset-4 hover:underline">
                  <span className="w-5 shrink-0 tabular-nums">{i + 1}.</span>
                  <span>{s.title}</span>
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="max-w-3xl space-y-10">
          {document.sections.map((s, i) => (
            <section key={s.id} id={s.id} aria-labelledby={`${s.id}-heading`} className="scroll-mt-24">
              <h2 id={`${s.id}-heading`} className="text-xl font-bold tracking-tight sm:text-2xl">
                {i + 1}. {s.title}
              </h2>
              <div className="mt-3 space-y-3 leading-relaxed">
                {s.blocks.map((b) =>
                  typeof b === 'string' ? (
                    <p key={b}>{b}</p>
                  ) : (
                    <ul key={b.list[0]} className="list-disc space-y-2 pl-6">
                      {b.list.map((item) => (
                        <li key={item}>{item}</li>
                      ))}
                    </ul>
                  ),
                )}
              </div>
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
