import type { UseFormRegisterReturn } from 'react-hook-form';

/** Honeypot: people never see or reach it; bots that fill every field give themselves away. */
export function HoneypotField({ id, registration }: { id: string; registration: UseFormRegisterReturn }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label htmlFor={id}>Website</label>
      <input id={id} type="text" tabIndex={-1} autoComplete="off" {...registration} />
    </div>
  );
}
