import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from '../lib/session';
import { useApplyTheme } from '../lib/theme';
import { AppRoutes } from './router';

const queryClient = createQueryClient();

export function App() {
  useApplyTheme();
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
