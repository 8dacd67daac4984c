/** The legal page contract (GET /legal-pages/{slug}: terms, privacy, about and other policy pages). No server imports here. */

export interface LegalPageDto {
  title: string;
  slug: string;
  /** Sanitised HTML. */
  content: string;
  updated_at: string;
}
