// EXPECT: PBC on status === 'granted' in createAsyncThunk; MAP on request
import { createAsyncThunk } from '@reduxjs/toolkit';
import * as Notifications from 'expo-notifications';

export const requestPush = createAsyncThunk('push/request', async (_, { rejectWithValue }) => {
  const { status } = await Notifications.requestPermissionsAsync(); // expect: missing-allow-provisional
  if (status === 'granted') { // expect: provisional-blind-check
    const token = await Notifications.getExpoPushTokenAsync({ projectId: 'x' });
    return token.data;
  }
  return rejectWithValue('denied');
});
