import { FormMessage } from '../../../components/form-field';
import { useProcessors } from '../api/privacy';

/** Who receives customers' data, as the server's configuration says (the privacy page lists the same). */
export function ProcessorsTable() {
  const { data, isPending, isError } = useProcessors();
  return (
    <section aria-labelledby="processors-heading" className="space-y-3">
      <h2 id="processors-heading" className="font-serif text-2xl text-wine-900">
        Processors
      </h2>
      {isPending ? (
        <p role="status">Loading…</p>
      ) : isError ? (
        <FormMessage kind="error">The processors could not be loaded.</FormMessage>
      ) : (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Processors and what each receives</caption>
          <thead>
            <tr className="border-b border-cream-200">
              <th scope="col" className="py-2 pr-3">
                Who
              </th>
              <th scope="col" className="py-2 pr-3">
                Why
              </th>
              <th scope="col" className="py-2 pr-3">
                Receives
              </th>
              <th scope="col" className="py-2 pr-3">
                Where
              </th>
            </tr>
          </thead>
          <tbody>
            {data.processors.map((processor) => (
              <tr key={processor.id} className="border-b border-cream-100">
                <td className="py-2 pr-3 font-semibold">{processor.name}</td>
                <td className="py-2 pr-3">{processor.purpose}</td>
                <td className="py-2 pr-3">{processor.receives}</td>
                <td className="py-2 pr-3">{processor.location}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
