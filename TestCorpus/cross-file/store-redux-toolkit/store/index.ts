import { configureStore } from '@reduxjs/toolkit';

import pushReducer from './pushSlice';

export const store = configureStore({ reducer: { push: pushReducer } });

export type RootState = ReturnType<typeof store.getState>;
export type AppDispatch = typeof store.dispatch;
