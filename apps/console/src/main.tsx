import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import '@app/ui/tokens.css';
import './console.css';
import { createConsoleQueryClient, sendToSignIn } from './app/query-client.ts';
import { createConsoleRouter } from './app/router.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

const router = createConsoleRouter();
const queryClient = createConsoleQueryClient(sendToSignIn(router));

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
