// Minimal ambient types for 'react' and the global JSX namespace, only what the fix fixtures use.
declare module 'react' {
  export type ReactNode = ReactElement | string | number | boolean | null | undefined | ReactNode[];
  export interface ReactElement {
    type: unknown;
    props: unknown;
    key: string | null;
  }

  export interface MutableRefObject<T> {
    current: T;
  }
  export interface RefObject<T> {
    readonly current: T | null;
  }

  export type DependencyList = ReadonlyArray<unknown>;
  export type EffectCallback = () => void | (() => void);
  export type Dispatch<A> = (value: A) => void;
  export type SetStateAction<S> = S | ((previous: S) => S);

  export function useRef<T>(initialValue: T): MutableRefObject<T>;
  export function useRef<T>(initialValue: T | null): RefObject<T>;
  export function useRef<T = undefined>(): MutableRefObject<T | undefined>;

  export function useEffect(effect: EffectCallback, deps?: DependencyList): void;

  export function useState<S>(initialState: S | (() => S)): [S, Dispatch<SetStateAction<S>>];
  export function useState<S = undefined>(): [S | undefined, Dispatch<SetStateAction<S | undefined>>];

  const React: {
    useRef: typeof useRef;
    useEffect: typeof useEffect;
    useState: typeof useState;
  };
  export default React;
}

declare namespace JSX {
  interface Element {
    type: unknown;
    props: unknown;
    key: string | null;
  }
  interface ElementChildrenAttribute {
    children: {};
  }
  interface IntrinsicAttributes {
    key?: string | number | null;
  }
  interface IntrinsicElements {}
}
