// EXPECT: nothing (aware via intermediate const, module-level allow list, loose ==, alias)
import * as Notifications from 'expo-notifications';
import { IosAuthorizationStatus as IAS } from 'expo-notifications';

const DELIVERABLE = [IAS.AUTHORIZED, IAS.PROVISIONAL, IAS.EPHEMERAL];
export async function a() {
  const settings = await Notifications.getPermissionsAsync();
  const isProvisional = settings.ios?.status === IAS.PROVISIONAL;
  if (!settings.granted && !isProvisional) return false;
  return true;
}
export async function b() {
  const { granted, ios } = await Notifications.getPermissionsAsync();
  return granted || DELIVERABLE.includes(ios?.status as IAS);
}
export async function c() {
  const { status, ios } = await Notifications.getPermissionsAsync();
  return status === 'granted' || ios?.status == 3; // expect: numeric-authorization-status
}
