import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { cardNumberDigitsSchema } from '@app/contracts/card-number';

/**
 * The card-number form's rules (the contract's schema), in a module of their own so that the form loads them,
 * and zod, when it is first checked rather than with the page (ADR 040). Static imports here keep
 * zod tree-shaken: importing 'zod' itself dynamically would bring the whole library.
 */
export const cardNumberFormResolver = zodResolver(z.object({ digits: cardNumberDigitsSchema }));
