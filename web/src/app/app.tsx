import { Router } from 'wouter';
import { AppProvider } from '@/app/provider';
import { AppRoutes } from '@/app/router';

export function App() {
  return (
    <Router>
      <AppProvider>
        <AppRoutes />
      </AppProvider>
    </Router>
  );
}
