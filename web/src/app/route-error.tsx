import { RotateCcw } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { paths } from './paths';

/**
 * Last-resort screen when a route throws while rendering (for example a chunk that failed to load
 * after a deploy). Navigating elsewhere clears it.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { key } = useLocation();
  return <ErrorBoundary resetKey={key}>{children}</ErrorBoundary>;
}

class ErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, { error: unknown; resetKey: string }> {
  override state = { error: null as unknown, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { error: unknown; resetKey: string }) {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.error ? <RouteErrorPage /> : this.props.children;
  }
}

function RouteErrorPage() {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-background px-4">
      <div className="max-w-md text-center">
        <h1 className="text-2xl font-bold text-primary">Something went wrong</h1>
        <p className="mt-3 text-muted-foreground">This page failed to load. Reloading usually fixes it.</p>
        <div className="mt-6 flex justify-center gap-3">
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="inline-flex h-10 items-center gap-2 rounded-md bg-primary px-4 text-sm font-semibold text-primary-foreground"
          >
            <RotateCcw className="size-4" aria-hidden="true" />
            Reload
          </button>
          <a href={paths.home} className="inline-flex h-10 items-center rounded-md border border-border bg-card px-4 text-sm font-semibold">
            Back to Home
          </a>
        </div>
      </div>
    </div>
  );
}
