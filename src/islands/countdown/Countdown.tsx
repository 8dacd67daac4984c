import { useEffect, useId, useState } from 'react';
import { padUnit, splitDuration } from '../../lib/countdown';

interface Props {
  /** Milliseconds left when the server rendered the page. */
  remainingMs: number;
  /** The moment counted down to (ISO), for the machine-readable <time>. */
  target: string;
  /** "Ends in" / "Starts in". */
  heading: string;
  /** Shown once the time is up. */
  doneText: string;
  labels: { days: string; hours: string; minutes: string; seconds: string };
  /** Light text on a dark background. */
  inverted?: boolean;
}

/**
 * When the server produced this page, on the page's own clock: the moment the response
 * began to arrive. Counting from it (not from the shopper's wall clock, which may be
 * wrong, nor from hydration, which client:visible may delay) keeps the countdown true.
 */
function renderedAt(): number {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return navigation?.responseStart || 0;
}

export default function Countdown({ remainingMs, target, heading, doneText, labels, inverted = false }: Props) {
  // The first render repeats the server's value, so hydration changes nothing.
  const [seconds, setSeconds] = useState(() => Math.floor(remainingMs / 1000));
  const headingId = useId();

  useEffect(() => {
    const deadline = renderedAt() + remainingMs;
    const update = () => setSeconds(Math.max(0, Math.floor((deadline - performance.now()) / 1000)));
    update();
    // Checked four times a second so each second shows on time; React skips unchanged values.
    const timer = window.setInterval(update, 250);
    return () => window.clearInterval(timer);
  }, [remainingMs]);

  if (seconds <= 0) {
    return (
      <p role="status" className={inverted ? 'font-semibold text-white' : 'font-semibold text-slate-900'}>
        {doneText}
      </p>
    );
  }

  const parts = splitDuration(seconds * 1000);
  const units = [
    { value: String(parts.days), label: labels.days },
    { value: padUnit(parts.hours), label: labels.hours },
    { value: padUnit(parts.minutes), label: labels.minutes },
    { value: padUnit(parts.seconds), label: labels.seconds },
  ];
  return (
    <div className="flex flex-wrap items-center gap-3">
      <span id={headingId} className={inverted ? 'text-sm font-medium text-white/90' : 'text-sm font-medium text-slate-600'}>
        {heading}
      </span>
      <time role="timer" aria-labelledby={headingId} dateTime={target} className="flex gap-2">
        {units.map((unit) => (
          <span key={unit.label} className={`flex min-w-14 flex-col items-center rounded-lg px-2 py-1 ${inverted ? 'bg-white/15 text-white' : 'bg-slate-900 text-white'}`}>
            <span className="text-lg leading-tight font-bold tabular-nums">{unit.value}</span>
            <span className="text-[0.7rem] leading-tight">{unit.label}</span>
          </span>
        ))}
      </time>
    </div>
  );
}
