import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import * as Notifications from 'expo-notifications';
import type { PermissionStatus } from 'expo-notifications';

// The thunk resolves to the root status; the reducer stores its payload.
export const fetchPushPermission = createAsyncThunk('push/fetchPermission', async () => {
  const { status } = await Notifications.getPermissionsAsync();
  return status;
});

type PushState = { status: PermissionStatus | null; loading: boolean };

const initialState: PushState = { status: null, loading: false };

const pushSlice = createSlice({
  name: 'push',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchPushPermission.pending, (state) => {
        state.loading = true;
      })
      .addCase(fetchPushPermission.fulfilled, (state, action) => {
        state.loading = false;
        state.status = action.payload;
      });
  },
});

export default pushSlice.reducer;

// Decides whether onboarding shows the notification step.
export const selectShouldPrompt = (state: { push: PushState }) => state.push.status !== 'granted'; // expect: provisional-blind-check
