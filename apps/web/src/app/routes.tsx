import { lazy } from 'react';
import { type RouteObject } from 'react-router';
import { HomePage } from '../features/tasks/pages/HomePage';
import { AppLayout } from './layout/AppLayout';
import { RouteError } from './RouteError';

// Only the home page ships in the entry chunk; every other page is downloaded when first visited.
const AboutPage = lazy(() => import('./pages/AboutPage').then((m) => ({ default: m.AboutPage })));
const ContactPage = lazy(() =>
  import('./pages/ContactPage').then((m) => ({ default: m.ContactPage })),
);
const TermsOfUsePage = lazy(() =>
  import('./pages/TermsOfUsePage').then((m) => ({ default: m.TermsOfUsePage })),
);
const DataPolicyPage = lazy(() =>
  import('./pages/DataPolicyPage').then((m) => ({ default: m.DataPolicyPage })),
);
const TaskPage = lazy(() =>
  import('../features/tasks/pages/TaskPage').then((m) => ({ default: m.TaskPage })),
);
const CreateExamplesPage = lazy(() =>
  import('../features/examples/pages/CreateExamplesPage').then((m) => ({
    default: m.CreateExamplesPage,
  })),
);
const ValidateExamplesPage = lazy(() =>
  import('../features/validations/pages/ValidateExamplesPage').then((m) => ({
    default: m.ValidateExamplesPage,
  })),
);
const TaskOwnerPage = lazy(() =>
  import('../features/tasks/pages/TaskOwnerPage').then((m) => ({
    default: m.TaskOwnerPage,
  })),
);
const LoginPage = lazy(() =>
  import('../features/auth/pages/LoginPage').then((m) => ({ default: m.LoginPage })),
);
const RegisterPage = lazy(() =>
  import('../features/auth/pages/RegisterPage').then((m) => ({ default: m.RegisterPage })),
);
const ForgotPasswordPage = lazy(() =>
  import('../features/auth/pages/ForgotPasswordPage').then((m) => ({
    default: m.ForgotPasswordPage,
  })),
);
const ResetPasswordPage = lazy(() =>
  import('../features/auth/pages/ResetPasswordPage').then((m) => ({
    default: m.ResetPasswordPage,
  })),
);
const LogoutPage = lazy(() =>
  import('../features/auth/pages/LogoutPage').then((m) => ({ default: m.LogoutPage })),
);
const ApiTokenPage = lazy(() =>
  import('../features/auth/pages/ApiTokenPage').then((m) => ({ default: m.ApiTokenPage })),
);
const AccountPage = lazy(() =>
  import('../features/users/pages/AccountPage').then((m) => ({ default: m.AccountPage })),
);
const UserProfilePage = lazy(() =>
  import('../features/users/pages/UserProfilePage').then((m) => ({
    default: m.UserProfilePage,
  })),
);
const ModelPage = lazy(() =>
  import('../features/models/pages/ModelPage').then((m) => ({ default: m.ModelPage })),
);
const UpdateModelInfoPage = lazy(() =>
  import('../features/models/pages/UpdateModelInfoPage').then((m) => ({
    default: m.UpdateModelInfoPage,
  })),
);
const SubmitPredictionsPage = lazy(() =>
  import('../features/models/pages/SubmitPredictionsPage').then((m) => ({
    default: m.SubmitPredictionsPage,
  })),
);
const NotFoundPage = lazy(() =>
  import('./pages/NotFoundPage').then((m) => ({ default: m.NotFoundPage })),
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
          { path: 'tasks/:taskCode/round/:roundId', element: <TaskPage /> },
          { path: 'tasks/:taskCode/create', element: <CreateExamplesPage /> },
          { path: 'tasks/:taskCode/validate', element: <ValidateExamplesPage /> },
          { path: 'tasks/:taskId/submit_predictions', element: <SubmitPredictionsPage /> },
          {
            path: 'tasks/:taskCode/models/:modelId/updateModelInfo',
            element: <UpdateModelInfoPage />,
          },
          { path: 'tasks/:taskCode/models/:modelId', element: <ModelPage /> },
          { path: 'models/:modelId', element: <ModelPage /> },
          { path: 'task-owner-interface/:taskCode', element: <TaskOwnerPage /> },
          { path: 'login', element: <LoginPage /> },
          { path: 'register', element: <RegisterPage /> },
          { path: 'forgot-password', element: <ForgotPasswordPage /> },
          { path: 'reset-password/:token', element: <ResetPasswordPage /> },
          { path: 'logout', element: <LogoutPage /> },
          { path: 'generate_api_token', element: <ApiTokenPage /> },
          { path: 'account', element: <AccountPage /> },
          { path: 'users/:userId', element: <UserProfilePage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
