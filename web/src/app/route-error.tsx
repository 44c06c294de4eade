import { RotateCcw } from 'lucide-react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { paths } from './paths';

/** Last-resort screen when a route throws (for example a chunk that failed to load after a deploy). */
export function RouteErrorPage() {
  const error = useRouteError();
  console.error(error);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="flex min-h-dvh items-center justify-center bg-background px-4">
      <div className="max-w-md text-center">
        <h1 className="text-2xl font-bold text-primary">{notFound ? 'Page not found' : 'Something went wrong'}</h1>
        <p className="mt-3 text-muted-foreground">
          {notFound ? "We couldn't find that page." : 'This page failed to load. Reloading usually fixes it.'}
        </p>
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
