// Helper for unsafeBehavior.ts / unsafeBehavior.fixed.ts: whether the app is in the foreground.
let foreground = true;

export function setForeground(value: boolean): void {
  foreground = value;
}

export function isForeground(): boolean {
  return foreground;
}
