import { existsSync, readFileSync } from 'node:fs';

export interface LogSummary {
  stdoutLines: number;
  warnings: number;
  errors: number;
  stderrLines: number;
  /** The first few warning/error messages and stderr lines, for the report. */
  samples: string[];
}

const PINO_WARN = 40;
const PINO_ERROR = 50;
const MAX_SAMPLES = 8;

/** Counts warnings and errors in the server's pino JSON lines (stdout) and anything on stderr. */
export function summarizeLogs(files: { stdout: string; stderr: string }): LogSummary {
  const summary: LogSummary = { stdoutLines: 0, warnings: 0, errors: 0, stderrLines: 0, samples: [] };
  const note = (text: string) => {
    if (summary.samples.length < MAX_SAMPLES) summary.samples.push(text.slice(0, 300));
  };
  for (const line of lines(files.stdout)) {
    summary.stdoutLines += 1;
    const level = pinoLevel(line);
    if (level >= PINO_ERROR) summary.errors += 1;
    else if (level >= PINO_WARN) summary.warnings += 1;
    else continue;
    note(line);
  }
  for (const line of lines(files.stderr)) {
    summary.stderrLines += 1;
    note(`stderr: ${line}`);
  }
  return summary;
}

function lines(file: string): string[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '');
}

/** The pino level of a JSON log line; 0 for lines that are not pino's (console.log). */
function pinoLevel(line: string): number {
  if (!line.startsWith('{')) return 0;
  try {
    const parsed: unknown = JSON.parse(line);
    const level = (parsed as { level?: unknown }).level;
    return typeof level === 'number' ? level : 0;
  } catch {
    return 0;
  }
}
