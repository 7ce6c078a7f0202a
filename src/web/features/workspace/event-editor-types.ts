import type { z } from 'zod';
import type { SchemaForm } from '../../lib/use-schema-form';
import type { EventFormSchema } from './event-form';

export type EventForm = SchemaForm<typeof EventFormSchema>;
export type EventFormOutput = z.output<typeof EventFormSchema>;
