import { configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { allotApi } from './allotApi.js';

export function createStore() {
  const store = configureStore({
    reducer: { [allotApi.reducerPath]: allotApi.reducer },
    middleware: (getDefault) => getDefault().concat(allotApi.middleware),
  });
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
