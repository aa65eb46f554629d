import { Router } from 'wouter';
import { AppProvider } from '@/app/provider';
import { AppRoutes } from '@/app/router';
import { replaceSameAddress } from '@/lib/navigation';

export function App() {
  return (
    <Router aroundNav={replaceSameAddress}>
      <AppProvider>
        <AppRoutes />
      </AppProvider>
    </Router>
  );
}
