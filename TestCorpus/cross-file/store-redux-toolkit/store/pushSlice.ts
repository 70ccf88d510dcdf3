import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PermissionStatus } from 'expo-notifications';

type PushState = { status: PermissionStatus | null; token: string | null };

const initialState: PushState = { status: null, token: null };

export const pushSlice = createSlice({
  name: 'push',
  initialState,
  reducers: {
    setPermission(state, action: PayloadAction<PermissionStatus>) {
      state.status = action.payload;
    },
    setToken(state, action: PayloadAction<string | null>) {
      state.token = action.payload;
    },
  },
});

export const { setPermission, setToken } = pushSlice.actions;
export default pushSlice.reducer;

// A selector that returns the decision.
export const selectPushEnabled = (state: { push: PushState }) => state.push.status === 'granted'; // expect: provisional-blind-check
