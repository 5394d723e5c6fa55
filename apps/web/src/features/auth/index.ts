// Sign-in and sign-out screens (the session itself is lib/: token, auth, session).
export { authRoutes } from './routes.tsx';
