import { Component, type ErrorInfo, type ReactNode } from 'react';
import { CrashScreen } from '@/components/errors/crash-screen';

interface State {
  error: unknown;
  failed: boolean;
}

/** The top-level boundary: anything that escapes the routes ends on the crash screen. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Unhandled rendering error:', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <CrashScreen error={this.state.error} /> : this.props.children;
  }
}
