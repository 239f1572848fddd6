import { createContext, useContext } from 'react';

/** Whether a component draws inside the signed-in shell (its app bar already shows the brand). */
export const InShellContext = createContext(false);

export function useInShell(): boolean {
  return useContext(InShellContext);
}
