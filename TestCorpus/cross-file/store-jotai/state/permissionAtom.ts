import { atom } from 'jotai';
import type { PermissionStatus } from 'expo-notifications';

// The notification permission as last read; null until the first read.
export const permissionAtom = atom<PermissionStatus | null>(null);
