import { useCallback, useState } from 'react';
import { Provider } from 'react-redux';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './AppProviders.js';
import { SessionWatch } from './SessionWatch.js';
import { createStore, type AppStore } from '../lib/api/store.js';
import { RealtimeConnection } from './realtime/RealtimeConnection.js';
import { appRoutes } from './router/appRoutes.js';
import { ApplicationUpdate } from './versions/ApplicationUpdate.js';

export interface AppProps {
  store?: AppStore;
}

export function App({ store: given }: AppProps) {
  const [store] = useState(() => given ?? createStore());
  const [router] = useState(() => createBrowserRouter(appRoutes));
  const goHome = useCallback(() => void router.navigate('/'), [router]);
  return (
    <Provider store={store}>
      <AppProviders>
        <SessionWatch />
        <RealtimeConnection goHome={goHome} />
        <ApplicationUpdate />
        <RouterProvider router={router} />
      </AppProviders>
    </Provider>
  );
}
