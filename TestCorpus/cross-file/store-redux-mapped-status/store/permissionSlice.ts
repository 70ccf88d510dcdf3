import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type AppPermission = 'granted' | 'quiet' | 'denied' | 'undetermined';

type PermissionState = { notifications: AppPermission };

const initialState: PermissionState = { notifications: 'undetermined' };

const permissionSlice = createSlice({
  name: 'permission',
  initialState,
  reducers: {
    notificationsChanged(state, action: PayloadAction<AppPermission>) {
      state.notifications = action.payload;
    },
  },
});

export const { notificationsChanged } = permissionSlice.actions;
export default permissionSlice.reducer;
