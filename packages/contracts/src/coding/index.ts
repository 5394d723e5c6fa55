// Anonymous answer-book coding, packets, examiners and decode (lifecycle stage S6, §2.3 F).
export * from './coding.ts';
import { examinerResource, packetResource } from './coding.ts';

/** The coding module's engine resources, in the order its screens list them. */
export const codingResources = [packetResource, examinerResource] as const;
