/** The order's contact: name, and the phone as a link to call. An erased customer's order has no phone. */
export function OrderContact({ name, phone }: { name: string; phone: string }) {
  return (
    <>
      {name}
      {phone ? (
        <>
          , <a href={`tel:${phone}`}>{phone}</a>
        </>
      ) : null}
    </>
  );
}
