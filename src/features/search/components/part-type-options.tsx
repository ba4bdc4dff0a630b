import type { PartType } from '../../../contract/part-types';

/** The options of a part-type select: a prompt, then every part type in the order received. */
export function PartTypeOptions({ partTypes }: { partTypes: PartType[] }) {
  return (
    <>
      <option value="">Select part type</option>
      {partTypes.map((partType) => (
        <option key={partType.ID} value={String(partType.ID)}>
          {partType.Name}
        </option>
      ))}
    </>
  );
}
