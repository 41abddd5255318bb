import { createContext, useContext } from 'react';

/** The request's CSP nonce; provided on the server only (browsers hide nonces from scripts anyway). */
export const NonceContext = createContext<string | undefined>(undefined);
export const useNonce = () => useContext(NonceContext);
