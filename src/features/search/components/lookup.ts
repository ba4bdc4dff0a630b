/** A registration search the lookup modal confirms: the registration, the part type and the model when asked for. */
export interface Lookup {
  vrn: string;
  partType: number;
  model?: string | undefined;
}
