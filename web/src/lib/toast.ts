import { useSyncExternalStore } from 'react';
import { LIMITS } from '@shared/constants';

/** One toast at a time (spec §9): a new toast replaces the current one; each lasts 5 s by default. */
export interface ToastMessage {
  id: number;
  title: string;
  description?: string;
  variant?: 'default' | 'destructive' | 'success';
  durationMs?: number;
}

let current: ToastMessage | null = null;
let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export function toast(message: Omit<ToastMessage, 'id'>): number {
  const id = nextId++;
  current = { id, ...message };
  clearTimeout(timer);
  timer = setTimeout(() => dismissToast(id), message.durationMs ?? LIMITS.toastDurationMs);
  emit();
  return id;
}

export function dismissToast(id?: number) {
  if (!current || (id !== undefined && current.id !== id)) return;
  current = null;
  emit();
}

export function useCurrentToast(): ToastMessage | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
    () => null,
  );
}
