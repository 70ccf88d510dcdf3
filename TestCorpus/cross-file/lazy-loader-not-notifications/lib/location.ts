// A loader of another Expo module whose permission functions have the same names.
let cachedLocation: typeof import('expo-location') | null | undefined;

export function getLocation(): typeof import('expo-location') | null {
  if (cachedLocation !== undefined) return cachedLocation;
  try {
    cachedLocation = require('expo-location');
  } catch {
    cachedLocation = null;
  }
  return cachedLocation;
}
