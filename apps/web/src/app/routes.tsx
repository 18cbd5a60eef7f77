import { lazy } from 'react';
import { type RouteObject } from 'react-router';
import { HomePage } from '../features/tasks/pages/HomePage';
import { AppLayout } from './layout/AppLayout';
import { RouteError } from './RouteError';

// Only the home page ships in the entry chunk; every other page is downloaded when first visited.
const AboutPage = lazy(() =>
  import('../features/about/pages/AboutPage').then((m) => ({ default: m.AboutPage })),
);
const ContactPage = lazy(() =>
  import('../features/contact/pages/ContactPage').then((m) => ({ default: m.ContactPage })),
);
const TermsOfUsePage = lazy(() =>
  import('../features/legal/pages/TermsOfUsePage').then((m) => ({ default: m.TermsOfUsePage })),
);
const DataPolicyPage = lazy(() =>
  import('../features/legal/pages/DataPolicyPage').then((m) => ({ default: m.DataPolicyPage })),
);
const TaskPage = lazy(() =>
  import('../features/tasks/pages/TaskPage').then((m) => ({ default: m.TaskPage })),
);
const NotFoundPage = lazy(() =>
  import('../features/misc/pages/NotFoundPage').then((m) => ({ default: m.NotFoundPage })),
);

export const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: <AppLayout />,
    children: [
      {
        // Errors render inside the layout, so navigation stays available.
        errorElement: <RouteError />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'about', element: <AboutPage /> },
          { path: 'contact', element: <ContactPage /> },
          { path: 'termsofuse', element: <TermsOfUsePage /> },
          { path: 'datapolicy', element: <DataPolicyPage /> },
          { path: 'tasks/:taskCode', element: <TaskPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
