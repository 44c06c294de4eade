import { Component, type ErrorInfo, type ReactNode } from 'react';

/**
 * Around a lazily loaded part the page can do without (the footer, the header's menus, a toast's
 * card, the save toggle): when its code fails to load (a dropped connection on a phone, or a chunk
 * a deploy has replaced), the part is left out and the page stays, instead of the route's
 * "Something went wrong" screen taking its place.
 */
export class OptionalPart extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A part of the page failed to load and is left out', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
