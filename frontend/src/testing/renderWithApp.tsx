import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { createStore, type AppStore } from '../lib/api/store.js';

export interface RenderedApp {
  store: AppStore;
  router: ReturnType<typeof createMemoryRouter>;
  unmount: () => void;
}

/** Renders routes with the real store and router, as the app does, at `path`. */
export function renderWithApp(routes: RouteObject[], path: string): RenderedApp {
  const store = createStore();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const { unmount } = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { store, router, unmount };
}
