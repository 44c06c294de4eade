/** A legal page as data: numbered sections of paragraphs and bullet lists. */
type LegalBlock = string | { list: string[] };

interface LegalSection {
  /** Anchor id used by the table of contents. */
  id: string;
  title: string;
  blocks: LegalBlock[];
}

export interface LegalDocument {
  title: string;
  lastUpdated: string;
  intro: string;
  sections: LegalSection[];
}
