import { Component, type ErrorInfo, type ReactNode } from 'react';
import { CrashScreen } from '@/components/errors/crash-screen';

interface State {
  error: unknown;
  failed: boolean;
}

interface Props {
  children: ReactNode;
  /** When it changes (the routes pass the address), a shown crash screen gives way to the children again. */
  resetKey?: string;
}

/** Anything that escapes rendering below it ends on the crash screen. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  override componentDidUpdate(previous: Props) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ error: null, failed: false });
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Unhandled rendering error:', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <CrashScreen error={this.state.error} /> : this.props.children;
  }
}
