/** The service clock; tests inject a movable one instead of sleeping. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
