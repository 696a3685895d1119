// The admin API's input errors (POST /_sim/alarms, its status route, POST /_sim/labels) and the
// labels API's unknown ids: TypeErrors, as RunningSimulator's methods promise, that the routes
// answer as 400 (naming the field) or 404.

/** Bad admin input. */
export class AdminInputError extends TypeError {
  constructor(
    readonly field: string,
    reason: string,
  ) {
    super(`Invalid value for field '${field}': ${reason}`);
  }
}

/** No visible alarm has that uuid (the admin route answers 404). */
export class UnknownAlarmError extends TypeError {
  constructor(uuid: string) {
    super(`No alarm with uuid '${uuid}'`);
  }
}

/** No label of the catalogue has that id (the labels API answers 404). */
export class UnknownLabelError extends TypeError {
  constructor(id: string) {
    super(`No label with id '${id}'`);
  }
}
