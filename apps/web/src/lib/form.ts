import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldValues, type Resolver, type UseFormProps, useForm } from 'react-hook-form';
import type { z } from 'zod';

export * from './form-state.ts';

/** The one way to build a form: react-hook-form with a contracts schema, validated once touched. */
export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  props: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
) {
  // The resolver's generics cannot follow a generic schema; the cast only restates S's types.
  const resolver = zodResolver(schema as z.ZodType<FieldValues, FieldValues>) as unknown as Resolver<
    z.input<S>,
    unknown,
    z.output<S>
  >;
  return useForm<z.input<S>, unknown, z.output<S>>({ mode: 'onTouched', ...props, resolver });
}
