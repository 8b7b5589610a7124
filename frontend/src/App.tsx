import { useCallback, useState } from 'react';
import { Provider } from 'react-redux';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './app/AppProviders.js';
import { SessionWatch } from './app/SessionWatch.js';
import { createStore, type AppStore } from './app/store.js';
import { RealtimeConnection } from './realtime/RealtimeConnection.js';
import { appRoutes } from './routing/appRoutes.js';
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
