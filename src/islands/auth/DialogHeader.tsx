import { showAuthDialog } from './dialogs';

/** A dialog's title (its accessible name) and close button. */
export default function DialogHeader({ id, title, close }: { id: string; title: string; close: string }) {
  return (
    <div className="flex items-start justify-between">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      <button type="button" className="rounded-lg px-2 text-2xl leading-none text-slate-500 hover:bg-slate-100" onClick={() => showAuthDialog(null)} aria-label={close}>
        ×
      </button>
    </div>
  );
}
