import * as Notifications from 'expo-notifications';

import { registerForPushNotificationsAsync } from './registerForPushNotificationsAsync';

jest.mock('expo-constants', () => ({
  __esModule: true,
  default: { expoConfig: { extra: { eas: { projectId: 'test-project' } } } },
}));

jest.mock('../api/client', () => ({ api: { put: jest.fn() } }));

jest.mock('expo-notifications', () => ({
  getPermissionsAsync: jest.fn(async () => ({ status: 'granted', granted: true, canAskAgain: true, expires: 'never' })),
  requestPermissionsAsync: jest.fn(async () => ({ status: 'granted', granted: true, canAskAgain: true, expires: 'never' })),
  getExpoPushTokenAsync: jest.fn(async () => ({ type: 'expo', data: 'ExponentPushToken[test]' })),
}));

const getPermissions = Notifications.getPermissionsAsync as jest.Mock;
const requestPermissions = Notifications.requestPermissionsAsync as jest.Mock;

const undetermined = { status: 'undetermined', granted: false, canAskAgain: true, expires: 'never' };

describe('registerForPushNotificationsAsync', () => {
  beforeEach(() => {
    jest.clearAllMocks();
  });

  it('returns a token without prompting when already allowed', async () => {
    await expect(registerForPushNotificationsAsync()).resolves.toBe('ExponentPushToken[test]');
    expect(requestPermissions).not.toHaveBeenCalled();
  });

  it('prompts once when the permission is undetermined', async () => {
    getPermissions.mockResolvedValueOnce(undetermined);
    await registerForPushNotificationsAsync();
    expect(requestPermissions).toHaveBeenCalledTimes(1);
  });

  it('gives up when the user declines', async () => {
    getPermissions.mockResolvedValueOnce(undetermined);
    requestPermissions.mockResolvedValueOnce({ status: 'denied', granted: false, canAskAgain: false, expires: 'never' });
    await expect(registerForPushNotificationsAsync()).resolves.toBeUndefined();
  });

  it('keeps the mocked permission shape', async () => {
    const settings = await Notifications.getPermissionsAsync();
    expect(settings.status).toBe('granted');
    expect(settings.granted).toBe(true);
  });
});
