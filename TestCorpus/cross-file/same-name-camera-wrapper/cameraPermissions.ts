import { Camera } from 'expo-camera';

// Named like the expo-notifications functions, but it wraps the camera permission.
export async function getPermissionsAsync() {
  return Camera.getCameraPermissionsAsync();
}

export async function requestPermissionsAsync() {
  return Camera.requestCameraPermissionsAsync();
}
