import { getStatus } from './permissionStatus';

export async function nextOnboardingStep(): Promise<'done' | 'notifications'> {
  if ((await getStatus()) === 'granted') { // expect: provisional-blind-check
    return 'done';
  }
  return 'notifications';
}
