// Minimal ambient types for 'react-native', only what the fix fixtures use.
declare module 'react-native' {
  import type { ReactNode } from 'react';

  export interface ViewProps {
    style?: unknown;
    testID?: string;
    children?: ReactNode;
  }
  export interface TextProps {
    style?: unknown;
    numberOfLines?: number;
    children?: ReactNode;
  }

  export function View(props: ViewProps): JSX.Element;
  export function Text(props: TextProps): JSX.Element;

  export type AppStateStatus = 'active' | 'background' | 'inactive' | 'unknown' | 'extension';
  export const AppState: {
    currentState: AppStateStatus;
  };

  export type PlatformOSType = 'ios' | 'android' | 'macos' | 'windows' | 'web' | 'native';

  export const Platform: {
    OS: PlatformOSType;
    Version: number | string;
    select<T>(specifics: { [platform in PlatformOSType | 'default']?: T }): T | undefined;
  };
}
