import { useMemo } from 'react';
import { type FieldValues, type Resolver, type UseFormProps, useForm } from 'react-hook-form';
import type { z } from 'zod';

type FormSchema = z.ZodType<FieldValues, FieldValues>;
type SchemaResolver<S extends FormSchema> = Resolver<z.input<S>, unknown, z.output<S>>;

/**
 * `useZodForm` (form.ts) for the form of a first screen (sign-in): the schema, the zod resolver and with
 * them zod are fetched when the form is first focused (`preload`) or validated, not with the screen
 * (issue 13). Validation is asynchronous anyway; the messages are the schema's, as with `useZodForm`.
 * A failed fetch is tried again at the next validation. `load` must be the same function on every render
 * (a module-level constant).
 */
export function useLazyZodForm<S extends FormSchema>(
  load: () => Promise<S>,
  props: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
) {
  const { resolver, preload } = useMemo(() => {
    let loading: Promise<SchemaResolver<S>> | null = null;
    const preload = () => {
      loading ??= Promise.all([load(), import('@hookform/resolvers/zod')]).then(
        // The resolver's generics cannot follow a generic schema; the cast only restates S's types.
        ([schema, { zodResolver }]) => zodResolver(schema as FormSchema) as unknown as SchemaResolver<S>,
        (error: unknown) => {
          loading = null;
          throw error;
        },
      );
      return loading;
    };
    const resolver: SchemaResolver<S> = async (values, context, options) =>
      (await preload())(values, context, options);
    return { resolver, preload };
  }, [load]);
  const form = useForm<z.input<S>, unknown, z.output<S>>({ mode: 'onTouched', ...props, resolver });
  return Object.assign(form, { preload: () => void preload().catch(() => {}) });
}
