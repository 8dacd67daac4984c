/**
 * What may reach a log line: bounded, escaped excerpts of anything a client chose, and
 * summaries of unexpected errors without SQL text or query parameters (a database error's
 * message quotes the statement and every value bound to it, user input included).
 *
 * Imported by serve.ts, which Node runs without a bundler: keep to erasable TypeScript.
 */

/** Longest excerpt of client-chosen text (a URL, a path, an error message) in a log line. */
export const EXCERPT_LENGTH = 200;

/** `text` cut to `max` characters, control and invalid characters shown as \uXXXX escapes. */
export function excerpt(text: string, max = EXCERPT_LENGTH): string {
  const cut = text.length > max ? `${text.slice(0, max)}…(+${text.length - max})` : text;
  // eslint-disable-next-line no-control-regex
  return cut.toWellFormed().replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\ufffd]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export interface ErrorSummary {
  type: string;
  message: string;
  /** A driver's error code (SQLSTATE for PostgreSQL). */
  code?: string;
  cause?: ErrorSummary;
  /** The first frames of the stack: where it happened, not what it carried. */
  at?: string[];
}

const FRAMES = 6;

/** A log-safe account of an unexpected error. */
export function summarizeError(error: unknown, depth = 0): ErrorSummary {
  if (!(error instanceof Error)) return { type: typeof error, message: excerpt(String(error), 100) };
  const summary: ErrorSummary = { type: error.constructor?.name || error.name, message: errorMessage(error) };
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' || typeof code === 'number') summary.code = excerpt(String(code), 20);
  if (error.cause !== undefined && depth < 2) summary.cause = summarizeError(error.cause, depth + 1);
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .slice(0, FRAMES)
    .map((line) => excerpt(line.trim()));
  if (frames.length) summary.at = frames;
  return summary;
}

/** The first line of the message; a failed query's statement and parameters are left out. */
function errorMessage(error: Error): string {
  if (/^Failed query:/.test(error.message)) return 'Failed query (statement and parameters withheld)';
  return excerpt(error.message.split('\n')[0] ?? '');
}
